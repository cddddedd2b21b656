/**
 * The policy the renderer runs under: scripts only from the app itself (no eval, no inline), no plugins,
 * no frames, and the page talks to nothing but itself (all network goes through the main process).
 * Styles allow inline because Vue binds `style` attributes; that cannot run script.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export function parseContentSecurityPolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** The rules a policy must satisfy; used to check both the source and the built index.html. */
export function checkContentSecurityPolicy(policy: string): string[] {
  const problems: string[] = [];
  const directives = parseContentSecurityPolicy(policy);
  const scripts = directives.get('script-src') ?? directives.get('default-src');
  if (!scripts) problems.push('no script-src');
  else {
    if (!scripts.includes("'self'")) problems.push("script-src lacks 'self'");
    for (const bad of ["'unsafe-eval'", "'unsafe-inline'", '*', 'data:', 'http:', 'https:']) {
      if (scripts.includes(bad)) problems.push(`script-src allows ${bad}`);
    }
  }
  if (directives.get('object-src')?.join(' ') !== "'none'") problems.push("object-src is not 'none'");
  return problems;
}
