/**
 * The address part of the business forms (spec 2 §2.11, §2.12; issue 13). With the maps
 * service: the address field with suggestions, and (single form) the read-only city,
 * state and ZIP a choice fills. Without it: the same field for the street, past addresses
 * still suggested first, and editable apartment, city, state and ZIP.
 */
import { isApproximate, APPROXIMATE_LOCATION } from '../../src/domain/location';
import { AddressInput } from './AddressInput';
import { chooseAddress, editPart, typeAddress, type AddressDisplay, type AddressValue } from './address';
import { TextInput } from './forms';

export interface AddressFieldsProps {
  label: string;
  value: AddressValue;
  onChange: (next: AddressValue) => void;
  /** The browser key while the maps service works (useMapsKey); null means typed parts. */
  mapsApiKey: string | null;
  onMapsDown: () => void;
  display: AddressDisplay;
  /** With suggestions, the stop cards have the one address field of spec 2 §2.12. */
  partsWithSuggestions: boolean;
  hint?: string;
  apartmentLabel?: string;
  errors?: { street?: string | null; zip?: string | null };
}

const TYPED_HINT = 'House number and street name. Addresses delivered to before are suggested as you type.';

export function AddressFields({
  label,
  value,
  onChange,
  mapsApiKey,
  onMapsDown,
  display,
  partsWithSuggestions,
  hint,
  apartmentLabel = 'Apartment/Office (Optional)',
  errors = {},
}: AddressFieldsProps) {
  const typed = mapsApiKey == null;
  const showParts = typed || partsWithSuggestions;
  const approximate = isApproximate(value.point?.precision);
  return (
    <div className="space-y-4 md:col-span-2" data-address-mode={typed ? 'typed' : 'suggestions'}>
      <AddressInput
        label={label}
        hint={typed ? TYPED_HINT : hint}
        placeholder={typed ? 'e.g. 401 E Jackson St' : undefined}
        value={value.text}
        mapsApiKey={mapsApiKey}
        onMapsDown={onMapsDown}
        error={errors.street}
        onTextChange={(text) => onChange(typeAddress(value, text, typed))}
        onChoose={(place) => onChange(chooseAddress(value, place, display, typed))}
      />
      {showParts ? (
        <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-4">
          <TextInput label={apartmentLabel} value={value.parts.apartment} onChange={(e) => onChange(editPart(value, 'apartment', e.target.value))} />
          <TextInput label="City" value={value.parts.city} readOnly={!typed} onChange={(e) => onChange(editPart(value, 'city', e.target.value))} />
          <TextInput label="State" value={value.parts.state} readOnly={!typed} onChange={(e) => onChange(editPart(value, 'state', e.target.value))} />
          <TextInput
            label="ZIP Code"
            value={value.parts.zip}
            readOnly={!typed}
            inputMode="numeric"
            autoComplete="postal-code"
            error={errors.zip}
            onChange={(e) => onChange(editPart(value, 'zip', e.target.value))}
          />
        </div>
      ) : null}
      {approximate ? (
        <p className="text-xs text-amber-800" data-approximate-location="">
          Placed at the ZIP code's centre ({APPROXIMATE_LOCATION}).
        </p>
      ) : null}
    </div>
  );
}
