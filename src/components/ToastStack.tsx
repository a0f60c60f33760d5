import './toasts.css';
import { useEffect, useRef } from 'react';
import { CloseButton, Toast, ToastContainer } from 'react-bootstrap';
import { uz } from '../../lib/uz';
import type { Notice } from '../../machines/shared/notify';
import { type ToastStackProps, toastDuration } from './toastTiming';

const VARIANT: Record<Notice['kind'], string> = { success: 'success', error: 'danger', info: 'info' };

/**
 * The toasts on screen, each with a × to close it sooner. At the bottom (above a manager's bottom bar): at the top
 * they covered a screen's title and back button.
 */
export default function ToastStack({ notices, dismiss }: ToastStackProps) {
  const stack = useToastSpace(notices.length > 0);
  return (
    <ToastContainer
      ref={stack}
      className="p-3 toast-stack toast-stack-bottom"
      containerPosition="fixed"
      data-testid="toasts"
    >
      {notices.map((notice) => (
        <Toast
          key={notice.id}
          bg={VARIANT[notice.kind]}
          autohide
          delay={toastDuration(notice)}
          onClose={() => dismiss(notice.id)}
          data-duration={toastDuration(notice)}
        >
          <div className="d-flex align-items-start">
            <Toast.Body
              role={notice.kind === 'error' ? 'alert' : 'status'}
              className={`flex-grow-1${notice.kind === 'info' ? '' : ' text-white'}`}
            >
              {notice.text}
            </Toast.Body>
            <CloseButton
              className="toast-close"
              variant={notice.kind === 'info' ? undefined : 'white'}
              aria-label={uz.closeNotice}
              onClick={() => dismiss(notice.id)}
            />
          </div>
        </Toast>
      ))}
    </ToastContainer>
  );
}

/**
 * Keeps the toasts' height in the page's --toast-space while any show (0 otherwise): toasts.css shortens an open
 * dialog by it from below, so no toast covers the dialog's buttons or its ×.
 */
function useToastSpace(showing: boolean) {
  const stack = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    const element = stack.current;
    const measure = () => {
      // From the stack's top to the viewport's bottom: the toasts and whatever they sit above (the bottom bar).
      const height = showing && element ? window.innerHeight - element.getBoundingClientRect().top : 0;
      root.style.setProperty('--toast-space', `${Math.max(0, Math.ceil(height))}px`);
    };
    measure();
    // A toast's text wraps differently as the phone turns; the stack grows and shrinks as toasts come and go.
    const observer = typeof ResizeObserver === 'undefined' || !element ? null : new ResizeObserver(measure);
    if (observer && element) observer.observe(element);
    return () => {
      observer?.disconnect();
      root.style.setProperty('--toast-space', '0px');
    };
  }, [showing]);
  return stack;
}
