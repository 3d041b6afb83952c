import { createHmac, timingSafeEqual } from "node:crypto";

/** What an upload URL allows: one file, at one path, of one content type, up to a size, until a time. */
export interface UploadGrant {
  storagePath: string;
  contentType: string;
  maxBytes: number;
  /** Unix seconds. */
  expires: number;
}

function signatureOf(grant: UploadGrant, secret: string): string {
  const payload = ["PUT", grant.storagePath, grant.contentType, grant.maxBytes, grant.expires].join("\n");
  return createHmac("sha256", secret).update(payload).digest("hex");
}

/** The query string that carries a grant and its signature. */
export function signGrant(grant: UploadGrant, secret: string): string {
  return new URLSearchParams({
    contentType: grant.contentType,
    maxBytes: String(grant.maxBytes),
    expires: String(grant.expires),
    signature: signatureOf(grant, secret),
  }).toString();
}

export type GrantCheck = { ok: true; grant: UploadGrant } | { ok: false; reason: "invalid" | "expired" };

/** Checks a grant read back from a URL: untampered (constant-time compare), then unexpired. */
export function verifyGrant(
  storagePath: string,
  query: Partial<Record<"contentType" | "maxBytes" | "expires" | "signature", string>>,
  secret: string,
  nowSeconds: number,
): GrantCheck {
  const { contentType, maxBytes, expires, signature } = query;
  if (!contentType || !maxBytes || !expires || !signature || !/^\d+$/.test(maxBytes) || !/^\d+$/.test(expires)) {
    return { ok: false, reason: "invalid" };
  }
  const grant: UploadGrant = { storagePath, contentType, maxBytes: Number(maxBytes), expires: Number(expires) };
  const expected = Buffer.from(signatureOf(grant, secret), "hex");
  const given = Buffer.from(signature, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  if (grant.expires < nowSeconds) return { ok: false, reason: "expired" };
  return { ok: true, grant };
}
