import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { type FormEvent, useCallback, useState } from 'react';
import { captchaUrl, newCodeId } from '../../providers';
import type { AppKey, LoginParams } from '../../providers/types';
import { APP_PATHS, APP_TITLES, otherApp, switchLabel } from '../appChoice';

/**
 * The login screen of both apps. Plain MUI with no react-admin, so that it is a small chunk of its own
 * that shows fast (DESIGN §6); the admin shell wraps it with react-admin's useLogin (AdminLoginPage).
 * Errors from the login call are shown by the notice bridge; an error the providers did not show is shown
 * here under the button.
 */
export interface LoginPageProps {
  appKey: AppKey;
  /** Performs the login; rejects on failure. */
  login: (params: LoginParams) => Promise<unknown>;
  /** API base for the captcha image; '' = this origin. */
  apiUrl?: string;
  /** Source of captcha ids (tests inject a predictable one). */
  makeCodeId?: () => string;
}

type FieldName = 'username' | 'password' | 'verifyCode';

const FIELD_LABELS: Record<FieldName, string> = { username: '用户名', password: '密码', verifyCode: '验证码' };

function wasNotified(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { notified?: unknown }).notified === true;
}

export function LoginPage({ appKey, login, apiUrl = '', makeCodeId = newCodeId }: LoginPageProps) {
  const [values, setValues] = useState<Record<FieldName, string>>({ username: '', password: '', verifyCode: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [codeId, setCodeId] = useState(makeCodeId);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const refreshCaptcha = useCallback(() => setCodeId(makeCodeId()), [makeCodeId]);

  const onChange = (name: FieldName) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    if (value.trim()) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const missing: Partial<Record<FieldName, string>> = {};
    for (const name of Object.keys(FIELD_LABELS) as FieldName[]) {
      if (!values[name].trim()) missing[name] = `请输入${FIELD_LABELS[name]}`;
    }
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setLoading(true);
    setFailure(null);
    try {
      await login({
        username: values.username.trim(),
        password: values.password,
        verifyCode: values.verifyCode.trim(),
        codeId,
      });
    } catch (error) {
      // A captcha is used up by one attempt, right or wrong.
      setValues((v) => ({ ...v, verifyCode: '' }));
      refreshCaptcha();
      if (!wasNotified(error)) {
        setFailure(error instanceof Error && error.message ? error.message : '登录失败，请重试');
      }
    } finally {
      setLoading(false);
    }
  };

  const title = APP_TITLES[appKey];
  const other = otherApp(appKey);

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(160deg, #0b4f9c 0%, #1976d2 55%, #e3f2fd 100%)',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }} elevation={6}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="body2" color="text.secondary" align="center">
            云溪县人民政府门户网站
          </Typography>
          <Typography component="h1" variant="h5" align="center" sx={{ mt: 0.5, mb: 3, fontWeight: 600 }}>
            {title}
          </Typography>
          <Box component="form" noValidate onSubmit={onSubmit} aria-label="登录">
            {(['username', 'password'] as const).map((name) => (
              <FormControl key={name} fullWidth margin="normal" error={!!errors[name]} required>
                <InputLabel htmlFor={`login-${name}`}>{FIELD_LABELS[name]}</InputLabel>
                <OutlinedInput
                  id={`login-${name}`}
                  name={name}
                  type={name === 'password' ? 'password' : 'text'}
                  label={FIELD_LABELS[name]}
                  autoComplete={name === 'password' ? 'current-password' : 'username'}
                  autoFocus={name === 'username'}
                  value={values[name]}
                  onChange={onChange(name)}
                  disabled={loading}
                  inputProps={{ maxLength: name === 'username' ? 64 : 128 }}
                />
                {errors[name] && <FormHelperText>{errors[name]}</FormHelperText>}
              </FormControl>
            ))}
            {/* On a phone the image goes under the field rather than squeezing it. */}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 1.5 }}>
              <FormControl margin="normal" error={!!errors.verifyCode} required sx={{ flex: '1 1 110px' }}>
                <InputLabel htmlFor="login-verifyCode">验证码</InputLabel>
                <OutlinedInput
                  id="login-verifyCode"
                  name="verifyCode"
                  label="验证码"
                  autoComplete="off"
                  value={values.verifyCode}
                  onChange={onChange('verifyCode')}
                  disabled={loading}
                  inputProps={{ maxLength: 8 }}
                />
                {errors.verifyCode && <FormHelperText>{errors.verifyCode}</FormHelperText>}
              </FormControl>
              <Box sx={{ mt: 2, flexShrink: 0, display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                <Box
                  component="img"
                  src={captchaUrl(apiUrl, codeId)}
                  alt="验证码"
                  title="看不清？点击图片换一张"
                  data-code-id={codeId}
                  onClick={refreshCaptcha}
                  sx={{
                    width: 200,
                    height: 70,
                    cursor: 'pointer',
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    bgcolor: '#fff',
                  }}
                />
                <Button size="small" onClick={refreshCaptcha} disabled={loading} sx={{ py: 0, minWidth: 0 }}>
                  看不清？换一张
                </Button>
              </Box>
            </Box>
            <Button
              type="submit"
              fullWidth
              variant="contained"
              size="large"
              disabled={loading}
              aria-busy={loading}
              startIcon={loading ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              sx={{ mt: 3 }}
            >
              登录
            </Button>
            {failure && (
              <Typography role="alert" color="error" variant="body2" sx={{ mt: 2 }} align="center">
                {failure}
              </Typography>
            )}
          </Box>
          <Box sx={{ mt: 3, textAlign: 'center' }}>
            <Link href={APP_PATHS[other]} variant="body2" underline="hover">
              {switchLabel(appKey)}
            </Link>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

export default LoginPage;
