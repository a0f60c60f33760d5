import {
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
} from 'react';
import type { Notice } from '../../machines/shared/notify';
import type { ShownNotice, ToastStackProps } from './toastTiming';

export { ERROR_TOAST_MS, toastDuration } from './toastTiming';

/**
 * The toasts machines ask for through their `notify` action. The stack that shows them (react-bootstrap's toasts and
 * their styles) is its own chunk: the login page never shows a toast, so it does not download them; the session's
 * prefetch does, right after login.
 */
let stackLoad: Promise<{ default: ComponentType<ToastStackProps> }> | null = null;
export function loadToastStack() {
  stackLoad ??= import('./ToastStack').catch(() => {
    // Not downloadable (offline): the notices still show, plainly, and the next page load tries again.
    stackLoad = null;
    return { default: PlainToasts };
  });
  return stackLoad;
}
const ToastStack = lazy(loadToastStack);

/** The notices without their styles, for a stack whose code could not be downloaded. */
function PlainToasts({ notices }: ToastStackProps) {
  return (
    <div className="position-fixed bottom-0 start-0 p-3" data-testid="toasts">
      {notices.map((notice) => (
        <p key={notice.id} role={notice.kind === 'error' ? 'alert' : 'status'} className="toast-body bg-light mb-1">
          {notice.text}
        </p>
      ))}
    </div>
  );
}

const NotifyContext = createContext<((notice: Notice) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<ShownNotice[]>([]);
  const nextId = useRef(1);
  const notify = useCallback((notice: Notice) => {
    const id = nextId.current++;
    setNotices((shown) => [...shown, { ...notice, id }]);
  }, []);
  const dismiss = useCallback((id: number) => setNotices((shown) => shown.filter((n) => n.id !== id)), []);
  // Mounted with the first notice and kept: the stack's own timers close each toast.
  const used = useRef(false);
  if (notices.length > 0) used.current = true;
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {used.current && (
        <Suspense fallback={null}>
          <ToastStack notices={notices} dismiss={dismiss} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}

export function useNotify(): (notice: Notice) => void {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify outside ToastProvider');
  return notify;
}
