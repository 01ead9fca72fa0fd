/**
 * The credentials of an `Authorization: Bearer <token>` header, or `undefined` when the header
 * is absent or names another scheme. The scheme is matched in any case (`Bearer`, `bearer`,
 * `BEARER`: auth schemes are case-insensitive, RFC 9110 §11.1), and the token is trimmed (it
 * may be empty).
 */
export function bearerToken(header: string | readonly string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^bearer(?: +(.*))?$/is.exec(header.trim());
  return match === null ? undefined : (match[1] ?? '').trim();
}
