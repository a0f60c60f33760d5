import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { Toast, ToastContainer } from 'react-bootstrap';
import { type Notice, TOAST_MS } from '../../machines/shared/notify';

/** The toasts machines ask for through their `notify` action; each closes itself (2000 ms, sync errors 5000 ms). */

interface ShownNotice extends Notice {
  id: number;
}

const NotifyContext = createContext<((notice: Notice) => void) | null>(null);

const VARIANT: Record<Notice['kind'], string> = { success: 'success', error: 'danger', info: 'info' };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<ShownNotice[]>([]);
  const nextId = useRef(1);
  const notify = useCallback((notice: Notice) => {
    const id = nextId.current++;
    setNotices((shown) => [...shown, { ...notice, id }]);
  }, []);
  const dismiss = useCallback((id: number) => setNotices((shown) => shown.filter((n) => n.id !== id)), []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <ToastContainer position="top-center" className="p-3 toast-stack" containerPosition="fixed">
        {notices.map((notice) => (
          <Toast
            key={notice.id}
            bg={VARIANT[notice.kind]}
            autohide
            delay={notice.durationMs ?? TOAST_MS}
            onClose={() => dismiss(notice.id)}
            data-duration={notice.durationMs ?? TOAST_MS}
          >
            <Toast.Body
              role={notice.kind === 'error' ? 'alert' : 'status'}
              className={notice.kind === 'info' ? '' : 'text-white'}
            >
              {notice.text}
            </Toast.Body>
          </Toast>
        ))}
      </ToastContainer>
    </NotifyContext.Provider>
  );
}

export function useNotify(): (notice: Notice) => void {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify outside ToastProvider');
  return notify;
}
