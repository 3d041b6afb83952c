import { useEffect } from "react";
import { useGetIdentity, useGo } from "@refinedev/core";
import { useLocation } from "react-router";
import type { SessionUser } from "@/domain/auth";
import { ASSISTANT_TEXTS, assistantVars, portfolioVars } from "@/domain/assistant";
import { getRuntimeConfig } from "@/lib/runtime-config";
import { useActiveCompany } from "@/admin/layout/active-company";
import { useThemeSettings } from "@/components/theme";
import { assistantTheme } from "./theme";
import { passesGuard } from "@/domain/guards";
import type { Role } from "@/domain/auth";

export const ASSISTANT_HIDDEN_ON = "/admin/auth/login";
/** The body class that gives the page room below its content for the floating button (layout.css). */
export const ASSISTANT_ROOM = "has-assistant";

/**
 * The admin path a click inside the chat points at, or null. Answers link to the screens that show
 * their figures (`/admin/...?authComp=...`); the widget opens links in a new tab, so these are taken
 * over and opened in the app itself, with the chat still open.
 */
export function chatLinkTarget(event: Pick<MouseEvent, "composedPath" | "button" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">): string | null {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return null;
  const path = event.composedPath();
  if (!path.some((node) => node instanceof Element && node.tagName.toLowerCase() === "flowise-chatbot")) return null;
  const anchor = path.find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement);
  const href = anchor?.getAttribute("href");
  return href && href.startsWith("/admin/") ? href : null;
}

/**
 * Names the widget for assistive technology, and keeps it named while it re-renders: flowise-embed
 * draws its floating button as an unnamed icon, outside every landmark of the page. The host becomes
 * a landmark named after the assistant, the button gets a name. Returns the stop function.
 */
export function labelAssistant(root: ParentNode = document): () => void {
  const apply = () => {
    const host = root.querySelector("flowise-chatbot");
    if (!host) return;
    if (host.getAttribute("role") !== "complementary") host.setAttribute("role", "complementary");
    if (host.getAttribute("aria-label") !== ASSISTANT_TEXTS.title) host.setAttribute("aria-label", ASSISTANT_TEXTS.title);
    const button = host.shadowRoot?.querySelector('button[part="button"]');
    if (button && button.getAttribute("aria-label") !== ASSISTANT_TEXTS.openButton) button.setAttribute("aria-label", ASSISTANT_TEXTS.openButton);
    if (host.shadowRoot && !observed.has(host.shadowRoot)) {
      observed.add(host.shadowRoot);
      observer.observe(host.shadowRoot, { childList: true, subtree: true });
    }
  };
  const observed = new WeakSet<ShadowRoot>();
  const observer = new MutationObserver(apply);
  observer.observe(root instanceof Document ? root.body : root, { childList: true });
  apply();
  return () => observer.disconnect();
}

/** Who sees the widget (spec section 2): ADMIN only, on every path but the admin login route. */
export function showsAssistant(role: Role | null | undefined, pathname: string): boolean {
  return passesGuard(role, "admin-only") && pathname.replace(/\/+$/, "") !== ASSISTANT_HIDDEN_ON;
}

/**
 * The SOL chat widget (flowise-embed's <flowise-chatbot>), loaded only for an ADMIN. It talks to the
 * assistant host of the runtime configuration (this server's built-in assistant by default) and
 * passes the active company as vars; a company switch re-creates it with the new vars.
 *
 * Everyone else renders nothing more than this check: the widget's own hooks (the active company's
 * query among them) cost a phone about 90 ms of every first load, for a widget it never shows (issue 36, item 7).
 */
export function SolAssistant() {
  const { pathname } = useLocation();
  const { data: user } = useGetIdentity<SessionUser>();
  return showsAssistant(user?.customClaims.role, pathname) ? <AssistantWidget /> : null;
}

/** The widget itself, mounted only while it is shown. */
function AssistantWidget() {
  const company = useActiveCompany();
  const { isDark } = useThemeSettings();
  const go = useGo();
  const cnpj = company?.cnpj ?? "";
  const name = company?.name ?? null;

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    Promise.all([getRuntimeConfig(), import("flowise-embed/dist/web.js")])
      .then(([config, { default: chatbot }]) => {
        if (cancelled) return;
        chatbot.init({
          chatflowid: config.assistant.chatflowId,
          apiHost: config.assistant.host,
          // No company chosen is "Todos os clientes": the assistant answers about the whole portfolio.
          chatflowConfig: { vars: cnpj ? assistantVars({ cnpj, name }) : portfolioVars() },
          theme: assistantTheme(isDark),
        });
        const unlabel = labelAssistant();
        destroy = () => {
          unlabel();
          chatbot.destroy();
        };
      })
      .catch((error) => console.error("Falha ao carregar o assistente SOL", error));
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [cnpj, name, isDark]);

  useEffect(() => {
    document.body.classList.add(ASSISTANT_ROOM);
    return () => document.body.classList.remove(ASSISTANT_ROOM);
  }, []);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = chatLinkTarget(event);
      if (!target) return;
      event.preventDefault();
      go({ to: target });
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [go]);

  return null;
}
