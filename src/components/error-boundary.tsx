import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorPage } from "./error-page";
import { OfflineScreen, isOffline } from "./offline-screen";
import { recoverFromChunkError } from "@/lib/updates";

const NOISE = /ResizeObserver loop|^Script error\.?$/i;

/**
 * Whether an error that escaped every handler should replace the page with the error screen. Browser
 * noise and cross-origin script errors do not; a failed request (an HttpError with a status) was
 * already reported by its toast and is only logged.
 */
export function isFatal(error: unknown, message = ""): boolean {
  if (NOISE.test(message)) return false;
  if (error === null || error === undefined) return !NOISE.test(message) && message !== "";
  if (error instanceof DOMException && error.name === "AbortError") return false;
  if (typeof error === "object" && "statusCode" in error) return false;
  return true;
}

interface State {
  failed: boolean;
  /** The failure happened while the device was offline: the offline screen, not "500". */
  offline?: boolean;
}

/**
 * Fatal render errors and unhandled errors switch to the error screen (spec section 2) and are
 * logged. A chunk that failed to load after a deploy reloads the page at its route instead.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(error: unknown): State {
    // Offline, a missing chunk is not a deploy: reloading would only fail again.
    if (isOffline()) return { failed: true, offline: true };
    return { failed: !recoverFromChunkError(error) };
  }

  componentDidMount() {
    window.addEventListener("error", this.onError);
    window.addEventListener("unhandledrejection", this.onRejection);
  }

  componentWillUnmount() {
    window.removeEventListener("error", this.onError);
    window.removeEventListener("unhandledrejection", this.onRejection);
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Erro fatal na interface", error, info.componentStack);
  }

  private onError = (event: ErrorEvent) => this.unhandled(event.error, event.message);

  private onRejection = (event: PromiseRejectionEvent) => this.unhandled(event.reason, String((event.reason as Error)?.message ?? ""));

  private unhandled(error: unknown, message: string) {
    if (isOffline() && isFatal(error, message)) {
      console.error("Erro sem conexão", error ?? message);
      this.setState({ failed: true, offline: true });
      return;
    }
    if (recoverFromChunkError(error)) return;
    if (!isFatal(error, message)) {
      console.error("Erro não tratado", error ?? message);
      return;
    }
    console.error("Erro não tratado na interface", error ?? message);
    this.setState({ failed: true });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return this.state.offline ? <OfflineScreen /> : <ErrorPage status={500} />;
  }
}
