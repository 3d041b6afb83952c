import { useEffect } from "react";
import { pageNotFoundMessage } from "@/domain/routes";
import { useDropFirstPaint } from "@/lib/first-paint";
import "./error-page.css";

export interface ErrorPageProps {
  status: number;
  message?: string;
  /** Inside the admin layout rather than the whole screen. */
  embedded?: boolean;
  /**
   * Where 'Go back home' leads: '/' by default (the spec); the public site sends a citizen to the
   * portals' root or the municipality's portal, never to the staff sign-in that '/' opens.
   */
  home?: string;
  /** A plain-language explanation under the message (pt-BR). */
  explanation?: string;
  /** More ways out beside 'Go back home' (e.g. back to the municipality's portal). */
  links?: { href: string; label: string }[];
}

const TITLES: Record<number, string> = {
  403: "Você não tem permissão para ver esta página.",
  404: "Página não encontrada.",
  500: "Algo deu errado.",
};

/**
 * The error screen (spec section 2): the numeric status, the message, and 'Go back home' to '/'.
 * Plain markup so the public site can use it without the admin bundle. The error is logged.
 */
export function ErrorPage({ status, message, embedded = false, home = "/", explanation, links = [] }: ErrorPageProps) {
  const text = message ?? (status === 404 ? pageNotFoundMessage(window.location.pathname) : TITLES[status] ?? TITLES[500]);
  useEffect(() => {
    console.error(`[${status}] ${text}`);
  }, [status, text]);
  // An error where the dashboard was opening: the figures painted for it must not cover the message.
  useDropFirstPaint(true);
  const Root = embedded ? "section" : "main";
  return (
    <Root className={embedded ? "error-page error-page--embedded" : "error-page"}>
      <p className="error-page__status" aria-label={`Erro ${status}`}>
        {status}
      </p>
      <h1 className="error-page__message">{text}</h1>
      {TITLES[status] && TITLES[status] !== text ? <p className="error-page__hint">{TITLES[status]}</p> : null}
      {explanation ? <p className="error-page__hint">{explanation}</p> : null}
      <p className="error-page__links">
        {links.map((link) => (
          <a key={link.href} className="error-page__link" href={link.href}>
            {link.label}
          </a>
        ))}
        <a className="error-page__home" href={home}>
          Go back home
        </a>
      </p>
    </Root>
  );
}
