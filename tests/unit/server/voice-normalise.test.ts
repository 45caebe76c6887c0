import { describe, expect, it } from 'vitest';
import { normaliseForSpeech } from '../../../server/modules/content/voice/normalise';
import { readInteger, readNumber } from '../../../server/modules/content/voice/numbers';
import { articleSpeechText, CHUNK_CHARS, speechChunks, splitSentences } from '../../../server/modules/content/voice/sentences';

describe('numbers read as a listener expects', () => {
  it('cardinals with 十, 零 and the big units', () => {
    expect(readInteger('0')).toBe('零');
    expect(readInteger('10')).toBe('十');
    expect(readInteger('15')).toBe('十五');
    expect(readInteger('110')).toBe('一百一十');
    expect(readInteger('1005')).toBe('一千零五');
    expect(readInteger('12345')).toBe('一万二千三百四十五');
    expect(readInteger('100000')).toBe('十万');
    expect(readInteger('10010')).toBe('一万零一十');
    expect(readInteger('200000000')).toBe('二亿');
    expect(readInteger('100003000')).toBe('一亿零三千');
    expect(readInteger('120003000')).toBe('一亿二千万三千');
  });
  it('decimals, signs and thousands separators', () => {
    expect(readNumber('3.05')).toBe('三点零五');
    expect(readNumber('-2.5')).toBe('负二点五');
    expect(readNumber('1,234')).toBe('一千二百三十四');
  });
});

describe('normaliseForSpeech', () => {
  it('document numbers', () => {
    expect(normaliseForSpeech('云政发〔2026〕7号')).toBe('云政发二零二六年七号');
    expect(normaliseForSpeech('国办秘函[2019]19号')).toBe('国办秘函二零一九年十九号');
    expect(normaliseForSpeech('云教〔2025〕第12号')).toBe('云教二零二五年十二号');
  });
  it('dates and times', () => {
    expect(normaliseForSpeech('2026年3月5日')).toBe('二零二六年三月五日');
    expect(normaliseForSpeech('2026-03-05')).toBe('二零二六年三月五日');
    expect(normaliseForSpeech('2026/3/15')).toBe('二零二六年三月十五日');
    expect(normaliseForSpeech('12月')).toBe('十二月');
    expect(normaliseForSpeech('14:30开会')).toBe('十四点三十分开会');
    expect(normaliseForSpeech('9:05')).toBe('九点零五分');
    expect(normaliseForSpeech('8:00')).toBe('八点整');
  });
  it('percentages and per mille', () => {
    expect(normaliseForSpeech('增长12.5%')).toBe('增长百分之十二点五');
    expect(normaliseForSpeech('下降-3％')).toBe('下降负百分之三');
    expect(normaliseForSpeech('5‰')).toBe('千分之五');
  });
  it('phone numbers and codes digit by digit, ranges, amounts, units', () => {
    expect(normaliseForSpeech('电话0571-88886666')).toBe('电话零五七一，八八八八六六六六');
    expect(normaliseForSpeech('13800138000')).toBe('一三八零零一三八零零零');
    expect(normaliseForSpeech('3-5个工作日')).toBe('三至五个工作日');
    expect(normaliseForSpeech('共1,234人，投资2.5亿元')).toBe('共一千二百三十四人，投资二点五亿元');
    expect(normaliseForSpeech('面积120㎡，气温25℃')).toBe('面积一百二十平方米，气温二十五摄氏度');
    expect(normaliseForSpeech('第3条')).toBe('第三条');
  });
  it('full-width digits', () => {
    expect(normaliseForSpeech('２０２６年')).toBe('二零二六年');
  });
});

describe('article text and sentences', () => {
  it('title first, then the body as sentences, tags out', () => {
    const text = articleSpeechText('通知', '<p>第一段</p><p>第二段。<img src="x.png"></p><script>x()</script>', 1000);
    expect(text).toBe('通知。第一段。第二段。');
    expect(splitSentences(text)).toEqual(['通知。', '第一段。', '第二段。']);
  });
  it('a long text is capped and cut into bounded chunks of whole sentences', () => {
    const long = `${'这是一个句子，'.repeat(80)}结束。`;
    expect(articleSpeechText('标题', long, 100).endsWith('全文较长，其余内容请阅读原文。')).toBe(true);
    const chunks = speechChunks(`${long}第二句。`);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(CHUNK_CHARS);
    expect(chunks.join('')).toContain('第二句。');
  });
});
