import type { ReactNode } from 'react';

interface NoticeProps {
  children: ReactNode;
  id?: string;
}

/** An error the user must see now (role="alert"). */
export function ErrorAlert({ children, id }: NoticeProps) {
  return (
    <div className="notice notice--error" role="alert" id={id}>
      {children}
    </div>
  );
}

/** A calm confirmation (role="status"). */
export function StatusNotice({ children, id }: NoticeProps) {
  return (
    <div className="notice notice--success" role="status" id={id}>
      {children}
    </div>
  );
}
