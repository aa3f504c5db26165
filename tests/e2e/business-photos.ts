/** Photos are served by the courier area's route (issue 5); in these tests a stand-in image answers for every key. */
import type { Page } from '@playwright/test';

const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

export const servePhotos = (page: Page) => page.route('**/api/photos/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }));
