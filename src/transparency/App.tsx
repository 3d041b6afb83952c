import { lazy } from "react";
import { Route, Routes } from "react-router";
import { ErrorPage } from "@/components/error-page";
import { Layout } from "./layout";
import { NotFound } from "./site";
import { HomePage } from "./pages/home";
import "./transparency.css";

// The home is in this chunk (the first view); every other screen loads when visited.
const DashboardPage = lazy(() => import("./pages/dashboard"));
const FiscalIndicatorsPage = lazy(() => import("./pages/fiscal-indicators"));
const ImpositionListPage = lazy(() => import("./pages/imposition-list"));
const VoluntaryListPage = lazy(() => import("./pages/voluntary-list"));
const ImpositionDetailPage = lazy(() => import("./pages/imposition-detail"));
const VoluntaryDetailPage = lazy(() => import("./pages/voluntary-detail"));

/** The public transparency site (its own bundle; never imports admin code, antd, Refine or Firebase). */
export default function TransparencyApp() {
  return (
    <Routes>
      <Route path=":slug" element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="indicadores-fiscais" element={<FiscalIndicatorsPage />} />
        <Route path="transactions-imposition" element={<ImpositionListPage />} />
        <Route path="transactions-imposition/info/:nr" element={<ImpositionDetailPage />} />
        <Route path="transactions-voluntary" element={<VoluntaryListPage />} />
        <Route path="transactions-voluntary/info/:nr" element={<VoluntaryDetailPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route path="*" element={<ErrorPage status={404} />} />
    </Routes>
  );
}
