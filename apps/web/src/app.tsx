import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, useState, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { AuthProvider } from './features/auth/auth-provider';
import { AppToaster } from './features/layout/app-toaster';
import { PageFrame } from './features/layout/page-frame';
import { SiteGate } from './features/site/site-gate';
import { createQueryClient } from './lib/query-client';

// One file per screen, each loaded on first visit.
const LoginScreen = lazy(() => import('./routes/login'));
const RegisterScreen = lazy(() => import('./routes/register'));
const VerifyEmailScreen = lazy(() => import('./routes/verify-email'));
const ForgotPasswordScreen = lazy(() => import('./routes/forgot-password'));
const ResetPasswordScreen = lazy(() => import('./routes/reset-password'));
const LogoutScreen = lazy(() => import('./routes/logout'));
const MyAdsScreen = lazy(() => import('./routes/my-ads'));
const EditAdScreen = lazy(() => import('./routes/edit-ad'));
const ActivateScreen = lazy(() => import('./routes/activate'));
const CompleteRegistrationScreen = lazy(() => import('./routes/complete-registration'));
const RefundScreen = lazy(() => import('./routes/refund'));
const TermsScreen = lazy(() => import('./routes/terms'));
// The moderation console: its own route tree, loading its screens as they are visited.
const AdminScreen = lazy(() => import('./routes/admin'));
const NotFoundScreen = lazy(() => import('./routes/not-found'));

/**
 * The route table (SPEC.md section 2), plus /terms for the rules, /refund for the
 * link of the refund mail and /admin for the moderation console (issue 6).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PageFrame />}>
        <Route index element={<Navigate to="/login" replace />} />
        <Route path="login" element={<LoginScreen />} />
        <Route path="register" element={<RegisterScreen />} />
        <Route path="verifyemail" element={<VerifyEmailScreen />} />
        <Route path="forgotpassword" element={<ForgotPasswordScreen />} />
        <Route path="resetpassword" element={<ResetPasswordScreen />} />
        <Route path="logout" element={<LogoutScreen />} />
        <Route path="posts" element={<MyAdsScreen />} />
        <Route path="edit-post" element={<EditAdScreen />} />
        <Route path="activate" element={<ActivateScreen />} />
        <Route path="completeregistration" element={<CompleteRegistrationScreen />} />
        <Route path="refund" element={<RefundScreen />} />
        <Route path="terms" element={<TermsScreen />} />
        <Route path="admin/*" element={<AdminScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}

/** Data, toasts, site and session: everything the screens rely on, router excluded. */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppToaster />
      <SiteGate>
        <AuthProvider>{children}</AuthProvider>
      </SiteGate>
    </QueryClientProvider>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <BrowserRouter>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
