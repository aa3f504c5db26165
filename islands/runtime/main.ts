/** The page runtime: loaded by every page, small, no React. */
import { EVENTS, type ToastDetail } from '../lib/events';
import { startActions } from './actions';
import { hydrateIslands } from './islands';
import { startPartials } from './partials';
import { reportTimeZone } from './timezone';
import { showToast } from './toast';

window.addEventListener(EVENTS.toast, (event) => showToast((event as CustomEvent<ToastDetail>).detail));
reportTimeZone();
startActions();
startPartials();
hydrateIslands();
