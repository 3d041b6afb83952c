import { describe, expect, it } from "vitest";
import { showsAssistant } from "@/components/assistant";
import { assistantTheme } from "@/components/assistant/theme";
import { assistantVars } from "@/domain/assistant";

describe("the SOL assistant widget", () => {
  it("shows only for an ADMIN, and never on the admin login route", () => {
    expect(showsAssistant("ADMIN", "/admin/dashboard")).toBe(true);
    expect(showsAssistant("ADMIN", "/nada")).toBe(true);
    expect(showsAssistant("ADMIN", "/admin/auth/login")).toBe(false);
    expect(showsAssistant("ADMIN", "/admin/auth/login/")).toBe(false);
    expect(showsAssistant("MANAGER", "/admin/dashboard")).toBe(false);
    expect(showsAssistant("USER", "/admin/dashboard")).toBe(false);
    expect(showsAssistant(undefined, "/admin/dashboard")).toBe(false);
  });

  it("passes cnpj and 'Prefeitura de' + the company name as vars", () => {
    expect(assistantVars({ cnpj: "46643466000106", name: "São José dos Campos" })).toEqual({
      cnpj: "46643466000106",
      proponente: "Prefeitura de São José dos Campos",
    });
    expect(assistantVars(null)).toEqual({ cnpj: "", proponente: "" });
  });

  it("uses the spec's texts, window size, font and 300-character limit", () => {
    const theme = assistantTheme(false);
    expect(theme.chatWindow).toMatchObject({
      title: "SOL - Agente Inteligente",
      welcomeMessage: "Bem-vindo(a)!",
      starterPrompts: ["O que posso perguntar para você?", "Qual o último pagamento realizado?", "Quais transferêcias estão ativas?"],
      width: 400,
      height: 700,
      fontSize: 16,
      textInput: { maxChars: 300, maxCharsWarningMessage: "Você excedeu o limite de 300 caracteres. Digite uma mensagem menor!" },
    });
    expect(theme.tooltip).toMatchObject({ showTooltip: true, tooltipMessage: "Olá 👋!" });
    expect(theme.disclaimer?.buttonText).toBe("Começar Chat");
  });
});
