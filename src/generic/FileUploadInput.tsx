import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useInput, type InputProps } from 'react-admin';
import { uploadFile } from '../components/imageUpload/upload';
import { imageUrl } from '../format/image';
import { imageBase } from '../portal';

/** Largest attachment the uploader sends; the server checks size and content again. */
export const FILE_MAX_BYTES = 50 * 1024 * 1024;

/** An attachment field: 上传附件 sends the file through the upload call and stores the path it answers. */
export function FileUploadInput(props: InputProps & { label: string }) {
  const { field } = useInput(props);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const value = typeof field.value === 'string' ? field.value : '';
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (file.size > FILE_MAX_BYTES) return setError('上传文件大小不能超过 50MB!');
    setError(null);
    setBusy(true);
    uploadFile(file, 'file')
      .then((r) => field.onChange(r.url))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : '上传失败'))
      .finally(() => setBusy(false));
  };
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {props.label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Button size="small" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy} onClick={() => input.current?.click()}>
          {value ? '更换附件' : '上传附件'}
        </Button>
        {value && (
          <Link href={imageUrl(value, imageBase)} target="_blank" rel="noopener noreferrer" variant="body2">
            {value.split('/').pop()}
          </Link>
        )}
        {value && (
          <Button size="small" color="error" onClick={() => field.onChange('')}>
            删除
          </Button>
        )}
      </Box>
      <input ref={input} type="file" hidden data-testid={`file-${props.source}`} onChange={(e) => pick(e.target.files?.[0])} />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
