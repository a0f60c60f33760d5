import { Button } from 'react-bootstrap';
import { useRouteError } from 'react-router-dom';
import { uz } from '../../lib/uz';
import { Loading } from '../components/LoadState';

/** While a first visit's screen is downloaded (a link opened directly, a reload): the panel's own spinner. */
export function ScreenLoading() {
  return (
    <div className="min-vh-100 d-flex align-items-center justify-content-center">
      <Loading />
    </div>
  );
}

/**
 * A screen's chunk that does not arrive: the phone lost its connection, or a new release replaced the old chunk names
 * while the panel was open. Both are mended by loading the page again.
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|importing a module script|unable to preload/i.test(error.message)
  );
}

/** What any failure while opening or drawing a screen shows, instead of react-router's English developer page. */
export function RouteError() {
  const error = useRouteError();
  return (
    <main className="min-vh-100 d-flex flex-column align-items-center justify-content-center gap-3 p-3 text-center">
      <p className="mb-0" role="alert">
        {isChunkLoadError(error) ? uz.screenLoadFailed : uz.screenFailed}
      </p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {uz.retry}
      </Button>
    </main>
  );
}
