import { describeInput, NO_INPUT, NO_QUERY, type InputFields } from '../../../http/routeInput.js';

const KIND = ['string', '文件类别：image（图片）、video（视频）、document（文档）；不传按扩展名判断'] as const;
const FILES: InputFields = { file: ['any', '文件：multipart/form-data 的文件部分（名为 file）'], type: KIND };

/** What each file route reads (server/http/routeInput.ts: descriptive, the handlers still answer refusals). */
export const FILE_INPUT = {
  upload: describeInput({ query: { type: KIND }, body: FILES }),
  del: describeInput({ either: { name: ['string', '文件名（上传时答复的 url 或路径）'], type: KIND } }),
  templateUpload: describeInput({ body: { file: ['any', '模板文件：multipart/form-data 的一个文件；目标目录在请求头 fileUrl 中'] } }),
  templateDelete: describeInput({ query: { fileUrl: ['string', '模板文件路径（templates 下）'] } }),
  configGet: NO_QUERY,
  configPost: NO_INPUT,
  exec: describeInput({ query: { action: ['string', '操作：config（默认）、uploadimage、uploadvideo、uploadfile'] } }),
  execUpload: describeInput({ query: { action: ['string', '操作：config（默认）、uploadimage、uploadvideo、uploadfile'] }, body: { file: FILES.file as (typeof FILES)[string] } }),
  uploads: describeInput({ path: { yyyy: ['string', '年'], mm: ['string', '月'], name: ['string', '文件名'] } }),
};
