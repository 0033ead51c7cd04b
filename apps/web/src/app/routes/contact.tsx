import { createRoute } from '@tanstack/react-router';
import { ContactPage } from '../../features/contact/components/contact-page';
import { defaultLayoutRoute } from '../layouts/default-layout';

export const contactRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/contact', component: ContactPage });
