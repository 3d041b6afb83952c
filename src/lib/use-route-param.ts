import { useParams } from "react-router";

/**
 * A route parameter, also when the spec writes it inside a segment with a suffix
 * (`/admin/programs/:id-edit`, `select-grantor/:grantorId-edit`): React Router names such a
 * parameter with its suffix (`id-edit`) and hands over the whole segment (`12-edit`); this answers the
 * value before the suffix (`12`), or undefined when the segment does not end with it.
 */
export function useRouteParam(name: string): string | undefined {
  const params = useParams();
  return routeParam(params, name);
}

export function routeParam(params: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  if (params[name] !== undefined) return params[name];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || !key.startsWith(`${name}-`)) continue;
    const suffix = key.slice(name.length);
    return value.endsWith(suffix) ? value.slice(0, -suffix.length) : undefined;
  }
  return undefined;
}
