import { createBrowserRouter } from 'react-router';
import { connectAuthNavigation } from '../lib/auth';
import { admitsGuests } from './auth-guard';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

// docs/http-api.md#sign-in-lifecycle: a 401/403 on any call clears the user and goes to /auth/login, unless the screen
// already admits visitors (the forgot-password and reset screens must keep working).
connectAuthNavigation({
  navigate: (to) => {
    void router.navigate(to);
  },
  admitsGuests: (pathname) => admitsGuests(routes, pathname),
});
