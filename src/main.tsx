import { StrictMode, Suspense, lazy } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Route, Routes } from "react-router";
import { ErrorBoundary } from "@/components/error-boundary";
import "./main.css";

// Two separate bundles: citizens on the public site never download the admin app.
const TransparencyApp = lazy(() => import("./transparency/App"));
const AdminApp = lazy(() => import("./admin/App"));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ErrorBoundary>
      <BrowserRouter>
        <Suspense fallback={<div className="boot-loader" role="progressbar" aria-label="Carregando..." />}>
          <Routes>
            <Route path="/transparency/*" element={<TransparencyApp />} />
            <Route path="*" element={<AdminApp />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </ErrorBoundary>
  </StrictMode>,
);
