import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD, WEAK_PASSWORD, passwordProblem } from "../../../server/auth/password-strength";

describe("password strength (issue 36 item 1)", () => {
  it.each(["12345678", "password", "aaaaaaaa", "demo1234", "qwertyuiop", "senha123"])("refuses the common or guessable password %s with a pt-BR reason", (password) => {
    const reason = passwordProblem(password);
    expect(reason).not.toBeNull();
    expect(reason === COMMON_PASSWORD || reason!.startsWith(WEAK_PASSWORD)).toBe(true);
  });

  it("names the common-password list when the password is on it", () => {
    expect(passwordProblem("12345678")).toBe(COMMON_PASSWORD);
    expect(passwordProblem("PASSWORD")).toBe(COMMON_PASSWORD);
  });

  it("refuses a password made of the person's own name and e-mail", () => {
    expect(passwordProblem("joaquimbarbosa", ["Joaquim Barbosa", "joaquim.barbosa@prefeitura.gov.br"])).toMatch(/^Senha fácil de adivinhar\./);
  });

  it.each(["senha-trocada-1", "Sol#Transf-2026", "corretocavalobateria", "outra-senha-9"])("accepts the stronger password %s", (password) => {
    expect(passwordProblem(password)).toBeNull();
  });
});
