import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useInput, type InputProps } from 'react-admin';
import { emitWarningToast } from '../../../providers';
import { imageUrl } from '../../format/image';
import { imageBase } from '../../portal';
import { checkImageFile, IMAGE_ACCEPT } from './imageRules';
import { uploadFile as defaultUpload, type UploadedFile } from './upload';

export interface ImageUploadProps {
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  label?: string;
  disabled?: boolean;
  /** Replaced in tests. */
  upload?: (file: File) => Promise<UploadedFile>;
}

/**
 * The single-image uploader (spec part 1 §5): jpg/jpeg/png/gif up to 10 MB, refused with the spec's
 * exact messages before anything is sent; shows the image (paths per spec §9) with 更换 / 删除.
 */
export function ImageUpload({ value, onChange, label = '图片', disabled, upload = (f) => defaultUpload(f, 'image') }: ImageUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const refusal = checkImageFile(file);
    if (refusal) {
      setError(refusal);
      emitWarningToast(refusal);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const saved = await upload(file);
      onChange(saved.url);
    } catch {
      // The http client already showed the server's message.
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box
          sx={{ width: 148, height: 100, border: '1px dashed', borderColor: 'divider', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', bgcolor: 'action.hover' }}
        >
          {busy ? (
            <CircularProgress size={24} aria-label="正在上传" />
          ) : value ? (
            <img src={imageUrl(value, imageBase)} alt={label} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              未上传
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Button size="small" variant="outlined" startIcon={<UploadIcon />} disabled={disabled || busy} onClick={() => input.current?.click()}>
            {value ? '更换图片' : '上传图片'}
          </Button>
          {value && (
            <Button size="small" color="error" startIcon={<DeleteIcon />} disabled={disabled || busy} onClick={() => onChange(null)}>
              删除图片
            </Button>
          )}
        </Box>
        <input ref={input} type="file" hidden accept={IMAGE_ACCEPT} data-testid="image-upload-input" aria-label={`选择${label}`} onChange={(e) => void pick(e.target.files?.[0])} />
      </Box>
      <FormHelperText error={!!error}>{error ?? '支持 JPG/GIF/PNG 格式，大小不超过 10MB'}</FormHelperText>
    </Box>
  );
}

/** The uploader as a react-admin input (stores the uploaded path). */
export function ImageUploadInput(props: InputProps & { label?: string }) {
  const { field } = useInput(props);
  return <ImageUpload value={field.value as string | null} onChange={(v) => field.onChange(v ?? '')} label={typeof props.label === 'string' ? props.label : '图片'} disabled={props.disabled} />;
}
