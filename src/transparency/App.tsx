import { ErrorPage } from "@/components/error-page";

/** The public transparency site (its own bundle; never imports admin code). */
export default function TransparencyApp() {
  return <ErrorPage status={404} />;
}
