/**
 * Strings an attacker sends: SQL, HTML and script, path traversal, NUL and control characters, odd Unicode,
 * template and log injection, numbers that are not. Each goes into every string position of every call.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  "' OR '1'='1",
  "1'; DROP TABLE agents; --",
  "x' UNION SELECT password_hash FROM agents --",
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'a\u0000b',
  '\u0000',
  '\r\nSet-Cookie: x=1',
  '\u202Egnp.exe',
  '\uD800',
  '😀'.repeat(50),
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '=cmd|/c calc!A1',
  '-1',
  '1e309',
  '99999999999999999999999',
  'NaN',
  ' ',
  '',
];

/** The markers that show a hostile string came back: looked for in every list after the run. */
export const SCRIPT_MARKERS = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>'];

/** A 1 MB (and one byte) string: over the body limit as a body, a long value anywhere else. */
export const ONE_MEGABYTE = 'x'.repeat(1024 * 1024 + 1);

/** JSON nested deeper than any parser should recurse into. */
export const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
export const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
