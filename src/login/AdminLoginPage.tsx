import { useLogin } from 'react-admin';
import type { LoginParams } from '../../providers/types';
import { useAppInfo } from '../layout/AppInfo';
import { apiUrl } from '../portal';
import { LoginPage } from './LoginPage';

/** The login page inside react-admin (#/login after a logout): the same screen, logging in through useLogin. */
export function AdminLoginPage() {
  const login = useLogin();
  const { appKey } = useAppInfo();
  return <LoginPage appKey={appKey} apiUrl={apiUrl} login={(params: LoginParams) => login(params)} />;
}
