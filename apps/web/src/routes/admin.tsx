import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AdminGate } from '../features/admin/admin-gate';
import { AdminNav } from '../features/admin/admin-nav';
import { RequireAuth } from '../features/auth/require-auth';
import { Spinner } from '../features/ui/spinner';
import { lazyScreen, type LazyScreen } from '../lib/lazy-screen';
import '../features/admin/console.css';
import { adminRoutes, type AdminScreen } from './screen-table';

// Each console screen is its own chunk, loaded on first visit; advertisers never load any.
const screens: Record<AdminScreen, LazyScreen> = {
  'admin-queue': lazyScreen(() => import('./admin-queue')),
  'admin-ad': lazyScreen(() => import('./admin-ad')),
  'admin-reports': lazyScreen(() => import('./admin-reports')),
  'admin-refunds': lazyScreen(() => import('./admin-refunds')),
  'admin-users': lazyScreen(() => import('./admin-users')),
  'admin-audit': lazyScreen(() => import('./admin-audit')),
  'not-found': lazyScreen(() => import('./not-found')),
};

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
              {adminRoutes.map(({ path, screen }) => {
                const Screen = screens[screen];
                return path === '' ? (
                  <Route key="index" index element={<Screen />} />
                ) : (
                  <Route key={path} path={path} element={<Screen />} />
                );
              })}
            </Routes>
          </Suspense>
        </div>
      </AdminGate>
    </RequireAuth>
  );
}
