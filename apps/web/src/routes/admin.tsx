import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AdminGate } from '../features/admin/admin-gate';
import { AdminNav } from '../features/admin/admin-nav';
import { RequireAuth } from '../features/auth/require-auth';
import { Spinner } from '../features/ui/spinner';
import '../features/admin/console.css';

// Each console screen is its own chunk, loaded on first visit; advertisers never load any.
const QueueScreen = lazy(() => import('./admin-queue'));
const ReviewScreen = lazy(() => import('./admin-ad'));
const ReportsScreen = lazy(() => import('./admin-reports'));
const RefundsScreen = lazy(() => import('./admin-refunds'));
const UsersScreen = lazy(() => import('./admin-users'));
const AuditScreen = lazy(() => import('./admin-audit'));
const NotFoundScreen = lazy(() => import('./not-found'));

/** The moderation console under /admin: moderators and administrators only. */
export default function AdminScreen() {
  return (
    <RequireAuth>
      <AdminGate>
        <div className="console">
          <AdminNav />
          {/* Inside the console, so its menu stays while a screen loads. */}
          <Suspense fallback={<Spinner />}>
            <Routes>
              <Route index element={<QueueScreen />} />
              <Route path="posts/:id" element={<ReviewScreen />} />
              <Route path="reports" element={<ReportsScreen />} />
              <Route path="refunds" element={<RefundsScreen />} />
              <Route path="users" element={<UsersScreen />} />
              <Route path="audit" element={<AuditScreen />} />
              <Route path="*" element={<NotFoundScreen />} />
            </Routes>
          </Suspense>
        </div>
      </AdminGate>
    </RequireAuth>
  );
}
