import type { ReactNode } from 'react';

interface NoticeProps {
  severity: 'error' | 'success' | 'info';
  children: ReactNode;
}

/** An inline message: errors are alerts (announced at once), the rest polite status messages. */
export function Notice({ severity, children }: NoticeProps) {
  const icon =
    severity === 'error' ? 'pi-times-circle' : severity === 'success' ? 'pi-check-circle' : 'pi-info-circle';
  return (
    <div role={severity === 'error' ? 'alert' : 'status'} className={`notice notice-${severity}`}>
      <i className={`pi ${icon}`} aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}

/** The messages a form could not place under a field (a 422 for another key), one per line; none: nothing. */
export function FormErrorsNotice({ messages }: { messages: readonly string[] }) {
  if (!messages.length) return null;
  return (
    <Notice severity="error">
      {messages.map((message) => (
        <p key={message} className="notice-line">
          {message}
        </p>
      ))}
    </Notice>
  );
}
