// The parts of a found secret that are secrets on their own: a detector redacts a credential URL's
// `user:password` and an ADO.NET connection string's whole run of `key=value;` pairs, but a caller who
// types the password alone (`svc_focus focus="Sup3rS3cretPw!"`) types the secret, and an answer that
// echoes it (`focus seed '…' matched no collected file`) leaks it. The index remembers each part as it
// remembers the whole value (text/remembered-secrets.ts), and an answer takes each part out of every
// string as it takes out the whole (render/redact-output.ts).

import { adoSecretValues } from "./redact-ado.ts";
import type { SecretKind } from "./secret-values.ts";

/** The secret parts of `value`, found as a secret of `kind`, other than `value` itself: a URL's password, a connection string's secret keys' values. */
export function credentialParts(value: string, kind: SecretKind): string[] {
  if (kind !== "connection-string") return [];
  const ado = adoSecretValues(value);
  if (ado.length) return ado;
  const colon = value.indexOf(":"); // `user:password` (CRED_URL: the user holds no ':'; `curl -u user:pass`)
  return colon > 0 && colon < value.length - 1 && !/\s/.test(value) ? [value.slice(colon + 1)] : [];
}
