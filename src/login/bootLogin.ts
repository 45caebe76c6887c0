/**
 * index.html shows the login form as plain HTML (#boot-login) before any script ran (login form visible
 * ≤ 0.5 s, docs/performance.md). It has no <form>, so nothing is ever submitted from it. When the real
 * login page has mounted, this moves what the person typed (and the focus) into it and removes the
 * static copy; with a session, the static copy is simply dropped.
 */
export function dropBootLogin(): void {
  document.getElementById('boot-login')?.remove();
}

export function takeOverBootLogin(root: ParentNode = document): void {
  const boot = document.getElementById('boot-login');
  if (!boot) return;
  const focused = document.activeElement instanceof HTMLInputElement && boot.contains(document.activeElement) ? document.activeElement.name : null;
  boot.remove();
  // React-controlled inputs take a value through the native setter and an input event (as typing does).
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  for (const input of Array.from(boot.querySelectorAll('input'))) {
    const target = root.querySelector<HTMLInputElement>(`input[name="${input.name}"]`);
    if (!target || !input.value || !setValue) continue;
    setValue.call(target, input.value);
    target.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (focused) root.querySelector<HTMLInputElement>(`input[name="${focused}"]`)?.focus();
}
