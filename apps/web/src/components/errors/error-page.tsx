import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import './errors.css';

// docs/architecture.md#the-spa, §8: 404 → 'Page Not Found', any other status → 'Internal Server Error'; the error's
// message is the description.

export function defaultErrorTitle(status: number): string {
  return status === 404 ? 'Page Not Found' : 'Internal Server Error';
}

interface ErrorPageProps {
  status: number;
  message?: string;
}

export function ErrorPage({ status, message }: ErrorPageProps) {
  const title = defaultErrorTitle(status);
  useDocumentTitle(String(status));
  return (
    <main className="error-screen" id="main">
      <div className="error-card">
        <h1 className="error-status">{status}</h1>
        <h2 className="error-title">{title}</h2>
        <p className="error-description">{message || title}</p>
        <Link to="/" className="error-home-link">
          <i className="pi pi-home" aria-hidden="true" /> Volver al inicio
        </Link>
      </div>
    </main>
  );
}

/** Status and message of whatever a route threw. */
export function describeRouteError(error: unknown): ErrorPageProps {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const message =
      typeof data === 'string'
        ? data
        : typeof data === 'object' &&
            data !== null &&
            typeof (data as { message?: unknown }).message === 'string'
          ? (data as { message: string }).message
          : error.statusText;
    return { status: error.status, message };
  }
  if (isApiError(error)) return { status: error.status >= 400 ? error.status : 500, message: error.message };
  if (error instanceof Error) return { status: 500, message: error.message };
  return { status: 500 };
}

/** The router's errorElement. */
export function RouteErrorPage() {
  const error = useRouteError();
  return <ErrorPage {...describeRouteError(error)} />;
}

/** docs/architecture.md#the-spa: an unmatched path is a 404 whose message is 'Page not found: <path>'. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return <ErrorPage status={404} message={`Page not found: ${pathname}`} />;
}
