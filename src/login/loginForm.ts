import { captchaUrl, newCodeId } from '../../providers/captcha';
import { onNotice } from '../../providers/notices';
import type { LoginParams, PortalNotice } from '../../providers/types';

/**
 * The login form of both apps, as plain DOM over index.html's markup (#boot-login): no React, no MUI, no
 * react-admin, so the login page is a few KB of script that runs as soon as it arrives (docs/frontend.md,
 * "Login"). It checks the fields, shows the captcha (one request), logs in through `login` (the providers'
 * session calls) and shows what went wrong under the button. The app is loaded by `onLoggedIn`.
 */
export interface LoginFormOptions {
  /** Performs the login (token, menus and identity stored); rejects on failure. */
  login: (params: LoginParams) => Promise<void>;
  /** After a successful login: loads and starts the app. The form stays busy until it settles. */
  onLoggedIn: () => Promise<void>;
  /** API base for the captcha image; '' = this origin. */
  apiUrl?: string;
  /** Source of captcha ids (tests inject a predictable one). */
  makeCodeId?: () => string;
}

type FieldName = 'username' | 'password' | 'verifyCode';

const FIELD_LABELS: Record<FieldName, string> = { username: '用户名', password: '密码', verifyCode: '验证码' };
const FIELDS = Object.keys(FIELD_LABELS) as FieldName[];

function wasNotified(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { notified?: unknown }).notified === true;
}

/** What a notice of the providers says, in the form's alert line. */
function noticeText(notice: PortalNotice): string {
  return notice.kind === 'panel' ? notice.body || notice.title : notice.message;
}

interface FormParts {
  form: HTMLFormElement;
  inputs: Record<FieldName, HTMLInputElement>;
  submit: HTMLButtonElement;
  refresh: HTMLButtonElement;
  alert: HTMLElement;
  captchaSlot: HTMLElement;
}

function partsOf(root: ParentNode): FormParts {
  const form = root.querySelector<HTMLFormElement>('form');
  const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const refresh = form?.querySelector<HTMLButtonElement>('[data-captcha-refresh]');
  const alert = form?.querySelector<HTMLElement>('[role="alert"]');
  const captchaSlot = form?.querySelector<HTMLElement>('.bl-captcha');
  if (!form || !submit || !refresh || !alert || !captchaSlot) throw new Error('login form markup missing');
  const inputs = {} as Record<FieldName, HTMLInputElement>;
  for (const name of FIELDS) {
    const input = form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (!input) throw new Error(`login form has no ${name}`);
    inputs[name] = input;
  }
  return { form, inputs, submit, refresh, alert, captchaSlot };
}

/** The error line under a field (aria-describedby); '' hides it. */
function setFieldError(input: HTMLInputElement, message: string): void {
  const line = document.getElementById(`${input.id}-error`);
  if (line) line.textContent = message;
  input.setAttribute('aria-invalid', message ? 'true' : 'false');
  input.closest('.bl-field')?.classList.toggle('bl-invalid', !!message);
}

function setBusy(parts: FormParts, busy: boolean): void {
  for (const input of Object.values(parts.inputs)) input.disabled = busy;
  parts.refresh.disabled = busy;
  parts.submit.disabled = busy;
  parts.submit.setAttribute('aria-busy', String(busy));
}

/** The captcha image in its placeholder's place; a new codeId is a new picture (and one request). */
function showCaptcha(parts: FormParts, src: string, codeId: string): void {
  let img = parts.captchaSlot.querySelector('img');
  if (!img) {
    img = document.createElement('img');
    img.alt = '验证码';
    img.title = '看不清？点击图片换一张';
    img.width = 200;
    img.height = 70;
    parts.captchaSlot.appendChild(img);
  }
  img.dataset.codeId = codeId;
  img.src = src;
}

/** Empty fields, each with its message; none asked of the server. */
function missingFields(parts: FormParts): Partial<Record<FieldName, string>> {
  const missing: Partial<Record<FieldName, string>> = {};
  for (const name of FIELDS) if (!parts.inputs[name].value.trim()) missing[name] = `请输入${FIELD_LABELS[name]}`;
  return missing;
}

/** Wires the form under `root`; answers a function that detaches it (after a login, or in tests). */
export function startLoginForm(root: ParentNode, options: LoginFormOptions): () => void {
  const { login, onLoggedIn, apiUrl = '', makeCodeId = newCodeId } = options;
  const parts = partsOf(root);
  let codeId = makeCodeId();
  let loading = false;
  const say = (message: string) => (parts.alert.textContent = message);
  const refreshCaptcha = () => {
    codeId = makeCodeId();
    showCaptcha(parts, captchaUrl(apiUrl, codeId), codeId);
  };
  showCaptcha(parts, captchaUrl(apiUrl, codeId), codeId);

  const onInput = (event: Event) => {
    const input = event.target as HTMLInputElement;
    if (input.value.trim() && input.getAttribute('aria-invalid') === 'true') setFieldError(input, '');
  };
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (loading) return;
    const missing = missingFields(parts);
    for (const name of FIELDS) setFieldError(parts.inputs[name], missing[name] ?? '');
    if (Object.keys(missing).length > 0) return;
    const { username, password, verifyCode } = parts.inputs;
    const params = { username: username.value.trim(), password: password.value, verifyCode: verifyCode.value.trim(), codeId };
    loading = true;
    say('');
    setBusy(parts, true);
    try {
      await login(params);
    } catch (error) {
      // A captcha is used up by one attempt, right or wrong.
      verifyCode.value = '';
      refreshCaptcha();
      if (!wasNotified(error)) say(error instanceof Error && error.message ? error.message : '登录失败，请重试');
      loading = false;
      setBusy(parts, false);
      return;
    }
    try {
      await onLoggedIn();
    } catch {
      say('页面加载失败，请刷新后重试');
      loading = false;
      setBusy(parts, false);
    }
  };
  // Errors the providers announce (a wrong captcha, a locked account, a server error) show under the button.
  const stopNotices = onNotice((notice) => {
    if (notice.kind === 'panel' || notice.level !== 'success') say(noticeText(notice));
  });
  const onRefresh = () => refreshCaptcha();
  parts.form.addEventListener('submit', onSubmit);
  parts.form.addEventListener('input', onInput);
  parts.refresh.addEventListener('click', onRefresh);
  parts.captchaSlot.addEventListener('click', onRefresh);
  // Until now the button was disabled, so nothing could be submitted before this script ran.
  setBusy(parts, false);
  return () => {
    stopNotices();
    parts.form.removeEventListener('submit', onSubmit);
    parts.form.removeEventListener('input', onInput);
    parts.refresh.removeEventListener('click', onRefresh);
    parts.captchaSlot.removeEventListener('click', onRefresh);
  };
}
