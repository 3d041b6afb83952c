import { useEffect } from "react";
import { useDropFirstPaint } from "@/lib/first-paint";
import "./offline-screen.css";

/**
 * What a page that cannot load its code or data shows while the device is offline, instead of the
 * "500" error screen: the app's name, what happened in plain pt-BR, and a way to try again. The page
 * opens by itself when the connection comes back. Same frame as the boot screen (index.html's styles).
 */
export function OfflineScreen({ reload = () => window.location.reload() }: { reload?: () => void }) {
  useEffect(() => {
    window.addEventListener("online", reload);
    return () => window.removeEventListener("online", reload);
  }, [reload]);
  // Figures painted with the HTML must not cover this screen.
  useDropFirstPaint(true);
  return (
    // No logo: offline, its file could not arrive either (a broken image where the name should be).
    <main className="boot offline" role="alert">
      <span className="boot__name">SOL Transferências</span>
      <h1 className="offline__title">Sem conexão com a internet</h1>
      <p className="offline__text">Esta página não pôde ser carregada. Ela será aberta assim que a conexão voltar.</p>
      <button type="button" className="offline__retry" onClick={reload}>
        Tentar novamente
      </button>
    </main>
  );
}

/** Whether the browser says it is offline (a failure then is the connection's, not the app's). */
export const isOffline = (): boolean => typeof navigator !== "undefined" && navigator.onLine === false;
