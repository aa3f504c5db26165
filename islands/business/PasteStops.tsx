/**
 * "Paste a list of stops" in the multi-stop form (issue 32): a route of up to 100 stops
 * comes from a list the pharmacy already has (its system's export, a spreadsheet), pasted
 * or opened from a file into the box to be checked, one stop a line, rather than from
 * 100 cards typed one by one. Lines that cannot be read are
 * named and nothing is added until they are put right; the rules are ./pastedStops.ts.
 */
import { useState } from 'react';
import { MAX_ROUTE_STOPS } from '../../src/domain/schemas/businessOrders';
import { toast } from '../lib/events';
import { TextArea } from './forms';
import { readPastedStops, type PastedStop } from './pastedStops';

export function PasteStops({ room, onPaste }: { room: number; onPaste: (stops: PastedStop[]) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);

  function add() {
    const list = readPastedStops(text);
    if (list.problems.length) return setProblems(list.problems);
    if (list.stops.length === 0) return setProblems(['Paste at least one stop: name, phone, then address.']);
    if (list.stops.length > room) return setProblems([`A route can have at most ${MAX_ROUTE_STOPS} stops: ${list.stops.length} pasted, room for ${room}.`]);
    onPaste(list.stops);
    setText('');
    setProblems([]);
    setOpen(false);
    toast({ title: 'Stops Added', description: `${list.stops.length} delivery stops added from the list.` });
  }

  return (
    <details className="mb-4 rounded-lg border border-slate-200 p-3" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-medium">Paste a list of stops</summary>
      <div className="mt-3 space-y-3">
        <label className="block text-sm">
          <span className="mb-1 block font-medium">Or open a list saved from a spreadsheet (.csv, .txt)</span>
          <input
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain"
            className="block w-full text-sm"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void file.text().then(setText);
            }}
          />
        </label>
        <TextArea
          label="Stops to add"
          rows={6}
          value={text}
          onChange={(event) => setText(event.target.value)}
          hint="One stop a line: customer name, phone, then address (or those columns copied from a spreadsheet)."
        />
        {problems.length ? (
          <ul role="alert" className="list-disc pl-5 text-sm text-red-700">
            {problems.slice(0, 5).map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
            {problems.length > 5 ? <li>and {problems.length - 5} more lines</li> : null}
          </ul>
        ) : null}
        <button type="button" className="btn btn-outline" onClick={add}>
          Add Pasted Stops
        </button>
      </div>
    </details>
  );
}
