import { describe, expect, it } from "vitest";
import { chatLinkTarget, labelAssistant, showsAssistant } from "@/components/assistant";
import { assistantTheme } from "@/components/assistant/theme";
import { ASSISTANT_TEXTS, assistantVars } from "@/domain/assistant";

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

  it("opens the answers' admin links in the app, leaving other clicks and links alone", () => {
    const chat = document.createElement("flowise-chatbot");
    const link = (href: string) => Object.assign(document.createElement("a"), { href });
    const click = (path: EventTarget[], keys: Partial<MouseEvent> = {}) =>
      chatLinkTarget({ composedPath: () => path, button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...keys });
    const admin = link("/admin/transactions-imposition?authComp=1_46643466000106");
    expect(click([admin, chat, document.body])).toBe("/admin/transactions-imposition?authComp=1_46643466000106");
    expect(click([admin, chat], { ctrlKey: true })).toBeNull();
    expect(click([admin, document.body])).toBeNull();
    expect(click([link("https://example.com/x"), chat])).toBeNull();
    expect(click([document.createElement("span"), chat])).toBeNull();
  });

  it("heads the follow-up prompts in pt-BR inside the widget", () => {
    expect(assistantTheme(false).customCSS).toContain('content: "Sugestões"');
  });

  it("names the widget's landmark and its floating button, including after the widget draws them again", async () => {
    const stop = labelAssistant();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    const host = document.createElement("flowise-chatbot");
    const shadow = host.attachShadow({ mode: "open" });
    document.body.append(host);
    await settle();
    expect(host.getAttribute("role")).toBe("complementary");
    expect(host.getAttribute("aria-label")).toBe(ASSISTANT_TEXTS.title);
    const button = () => shadow.querySelector('button[part="button"]');
    for (let draw = 0; draw < 2; draw++) {
      button()?.remove();
      const drawn = document.createElement("button");
      drawn.setAttribute("part", "button");
      shadow.append(drawn);
      await settle();
      expect(button()?.getAttribute("aria-label")).toBe(ASSISTANT_TEXTS.openButton);
    }
    stop();
    host.remove();
  });
});
