/** What the local identity emulator "delivered": the set-password code last sent to an e-mail. */
export async function lastSetPasswordCode(email: string): Promise<string> {
  const port = process.env.E2E_AUTH_EMULATOR_PORT ?? "9299";
  const res = await fetch(`http://127.0.0.1:${port}/emulator/v1/projects/demo-sol-transferencias/oobCodes`);
  const body = (await res.json()) as { oobCodes: { email: string; oobCode: string; requestType: string }[] };
  const codes = body.oobCodes.filter((c) => c.email === email && c.requestType === "PASSWORD_RESET");
  if (!codes.length) throw new Error(`nenhum convite para ${email} no emulador`);
  return codes[codes.length - 1].oobCode;
}

/** What the invited person does with the link's code: sets a password at the emulator. */
export async function setPasswordWithCode(oobCode: string, newPassword: string): Promise<void> {
  const port = process.env.E2E_AUTH_EMULATOR_PORT ?? "9299";
  const res = await fetch(`http://127.0.0.1:${port}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ oobCode, newPassword }),
  });
  if (!res.ok) throw new Error(`resetPassword falhou: ${res.status} ${await res.text()}`);
}

/** A 1x1 PNG, as a file a person would pick. */
export const PNG_FILE = {
  name: "logo.png",
  mimeType: "image/png",
  buffer: Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082",
    "hex",
  ),
};
