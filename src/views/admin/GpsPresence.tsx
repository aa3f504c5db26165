/** A courier's phone as the platform knows it (issue 29): 'Live GPS', 'GPS 12 minutes ago', 'No GPS yet'. */
import { gpsPresence, type GpsFreshness } from '../../domain/indicators';
import { Badge, type Tone } from '../components/ui';

const PRESENCE_TONES: Record<GpsFreshness, Tone> = { online: 'green', recent: 'amber', offline: 'slate' };

export function GpsPresence({ seenAt, now }: { seenAt: number | null; now: number }) {
  const { freshness, words } = gpsPresence(seenAt, now);
  return <Badge tone={PRESENCE_TONES[freshness]}>{words}</Badge>;
}
