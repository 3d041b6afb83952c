import { useEffect } from "react";
import { pageNotFoundMessage } from "@/domain/routes";
import "./error-page.css";

export interface ErrorPageProps {
  status: number;
  message?: string;
  /** Inside the admin layout rather than the whole screen. */
  embedded?: boolean;
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
export function ErrorPage({ status, message, embedded = false }: ErrorPageProps) {
  const text = message ?? (status === 404 ? pageNotFoundMessage(window.location.pathname) : TITLES[status] ?? TITLES[500]);
  useEffect(() => {
    console.error(`[${status}] ${text}`);
  }, [status, text]);
  const Root = embedded ? "section" : "main";
  return (
    <Root className={embedded ? "error-page error-page--embedded" : "error-page"}>
      <p className="error-page__status" aria-label={`Erro ${status}`}>
        {status}
      </p>
      <h1 className="error-page__message">{text}</h1>
      {TITLES[status] && TITLES[status] !== text ? <p className="error-page__hint">{TITLES[status]}</p> : null}
      <a className="error-page__home" href="/">
        Go back home
      </a>
    </Root>
  );
}
