/**
 * "Install app" in the courier menu (issue 27), shown only while the browser offers to
 * install the courier app: installed, it opens full screen from the home screen and its
 * screens are all on the phone (the service worker stores them when it installs).
 */
import { useEffect, useState } from 'react';
import { install, INSTALL_CHANGED, installOffer } from './lib/installPrompt';
import { toast } from './lib/events';

export default function CourierInstall() {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    const update = () => setOffered(installOffer() != null);
    update();
    window.addEventListener(INSTALL_CHANGED, update);
    return () => window.removeEventListener(INSTALL_CHANGED, update);
  }, []);
  if (!offered) return null;
  return (
    <button
      type="button"
      className="btn btn-brand mt-2 h-11 w-full"
      onClick={() => void install().then((accepted) => accepted && toast({ title: 'Installed', description: 'Open Dispatch Courier from your home screen.' }))}
    >
      Install app
    </button>
  );
}
