import { parseDocument } from 'htmlparser2';
import type { CasSettings, SsoSettings } from './config.js';
import { claimText, idNumberOf, mobileOf, ssoRefused, type IdentityAdapter, type VerifiedIdentity } from './identity.js';

interface XmlNode {
  type: string;
  name?: string;
  data?: string;
  children?: XmlNode[];
}

const local = (name = '') => name.replace(/^.*:/, '');

function find(node: XmlNode, name: string): XmlNode | null {
  for (const c of node.children ?? []) {
    if (c.type === 'tag' && local(c.name) === name) return c;
    const deeper = find(c, name);
    if (deeper) return deeper;
  }
  return null;
}

const textOf = (node: XmlNode | null): string => (node ? (node.children ?? []).map((c) => (c.type === 'text' || c.type === 'cdata' ? (c.data ?? textOf(c)) : textOf(c))).join('').trim() : '');

/** The `<cas:serviceResponse>` of /p3/serviceValidate (CAS 3.0): success with user and attributes, or the failure code. */
export function parseServiceResponse(xml: string): { user: string; attributes: Record<string, string> } | { failure: string } {
  const doc = parseDocument(xml, { xmlMode: true }) as unknown as XmlNode;
  const failure = find(doc, 'authenticationFailure');
  if (failure) return { failure: (failure as { attribs?: Record<string, string> }).attribs?.code ?? 'INVALID_TICKET' };
  const success = find(doc, 'authenticationSuccess');
  const user = textOf(success ? find(success, 'user') : null);
  if (!success || !user) return { failure: 'INVALID_RESPONSE' };
  const attributes: Record<string, string> = {};
  const attrs = find(success, 'attributes');
  for (const a of attrs?.children ?? []) if (a.type === 'tag') attributes[local(a.name)] = textOf(a);
  return { user, attributes };
}

const CAS_FAILURES: Record<string, string> = {
  INVALID_TICKET: '票据无效、已使用或已过期，请重新登录',
  INVALID_TICKET_SPEC: '票据无效、已使用或已过期，请重新登录',
  INVALID_SERVICE: '票据不是签发给本站的，请重新登录',
  UNAUTHORIZED_SERVICE: '统一身份认证平台未登记本站，请联系网站管理员',
  UNAUTHORIZED_SERVICE_PROXY: '统一身份认证平台未登记本站，请联系网站管理员',
  INVALID_RESPONSE: '统一身份认证平台的应答无法识别，请稍后再试',
};

/** CAS 3.0: the browser goes to `/login?service=`; the service ticket is checked at `/p3/serviceValidate`. */
export function casAdapter(s: CasSettings, settings: SsoSettings): IdentityAdapter {
  return {
    kind: 'cas',
    start: async () => ({ url: `${s.casUrl}/login?service=${encodeURIComponent(s.serviceUrl)}` }),
    async verify(params): Promise<VerifiedIdentity> {
      const ticket = params.ticket ?? '';
      if (!/^[A-Za-z0-9._-]{1,256}$/.test(ticket)) throw ssoRefused(CAS_FAILURES.INVALID_TICKET as string);
      const url = new URL(`${s.casUrl}/p3/serviceValidate`);
      if (url.protocol === 'http:' && !settings.allowHttp(url)) throw ssoRefused('统一身份认证平台地址必须使用 https，请联系网站管理员');
      url.searchParams.set('service', s.serviceUrl);
      url.searchParams.set('ticket', ticket);
      let xml: string;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        xml = (await res.text()).slice(0, 200_000);
      } catch {
        throw ssoRefused('统一身份认证平台暂时无法访问，请稍后再试');
      }
      const r = parseServiceResponse(xml);
      if ('failure' in r) throw ssoRefused(CAS_FAILURES[r.failure] ?? '票据校验失败，请重新登录');
      const a = r.attributes;
      return {
        provider: `cas:${new URL(s.casUrl).host}${new URL(s.casUrl).pathname}`,
        subject: r.user.slice(0, 200),
        name: claimText(a.name ?? a.displayName ?? a.cn, 50),
        phone: mobileOf(a.mobile ?? a.phone ?? a.phone_number),
        idNumber: idNumberOf(a.idNumber ?? a.id_number ?? a.idCard),
      };
    },
  };
}
