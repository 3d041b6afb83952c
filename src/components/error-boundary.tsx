import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorPage } from "./error-page";

/** Fatal render errors switch to the error screen (spec section 2) and are logged. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Erro fatal na interface", error, info.componentStack);
  }

  render() {
    return this.state.failed ? <ErrorPage status={500} /> : this.props.children;
  }
}
