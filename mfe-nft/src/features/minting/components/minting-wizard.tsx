import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Nft } from '@starforge/contracts/nft';
import { nftMessages } from '@starforge/contracts/nft';
import { failureMessage, toast, useFormAction, useUser } from '@starforge/host';
import { imageRefusal } from '../../../shared/lib/image-refusal';
import { useMintNft } from '../api/mint-nft';
import { continueCheck, defaultSettings, detailsErrors, emptyDetails, mintInput, settingsErrors, type MintDetails, type MintSettings } from '../wizard-input';
import { DetailsStep } from './details-step';
import { MintedStep } from './minted-step';
import { SettingsStep } from './settings-step';
import './minting-wizard.css';

const steps = ['Details', 'Media & Settings', 'Confirmation'] as const;

/** Only the errors of fields the user has left, or all of them once a step was submitted. */
const visible = <E extends Record<string, string | undefined>>(errors: E, shown: ReadonlySet<string>, all: boolean): E =>
  (all ? errors : Object.fromEntries(Object.entries(errors).filter(([field]) => shown.has(field)))) as E;

/**
 * The dashboard's minting wizard (spec sections 2 and 5): Details, then Media & Settings (Back
 * keeps everything), then the confirmation. Both form steps stay mounted, so the chosen file
 * and every field survive Back; 'Mint Another NFT' starts over from nothing.
 */
export function MintingWizard() {
  const ids = useId();
  const user = useUser();
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [details, setDetails] = useState<MintDetails>(emptyDetails);
  const [settings, setSettings] = useState<MintSettings>(defaultSettings);
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [triedContinue, setTriedContinue] = useState(false);
  const [triedMint, setTriedMint] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const [minted, setMinted] = useState<Nft | null>(null);
  const mint = useMintNft();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const focusStep = useRef(false);

  // A step change hides the button that made it: keyboard and screen-reader users land on the new step's heading.
  useEffect(() => {
    if (!focusStep.current) return;
    focusStep.current = false;
    stepHeading.current?.focus();
  });
  const goTo = (next: 1 | 2 | 3) => {
    focusStep.current = true;
    setStep(next);
  };

  const form = useFormAction({
    name: 'mint',
    check: () => mintInput(user !== null, details, settings),
    run: (input) => mint.run(input.image, input.body),
    success: () => nftMessages.mintInitiated,
    onSuccess: (nft) => {
      setMinted(nft);
      goTo(3);
    },
    failure: (error) => {
      const refusal = imageRefusal(error);
      setImageError(refusal);
      return refusal ?? failureMessage(error, { prefix: nftMessages.mintingFailedPrefix, show: 'any', fallback: 'please try again' });
    },
  });

  const onContinue = () => {
    setTriedContinue(true);
    const check = continueCheck(details);
    if (!check.ok) {
      toast.error(check.message);
      return;
    }
    goTo(2);
  };
  const onMint = (event: FormEvent) => {
    setTriedMint(true);
    form.submit(event);
  };
  const reset = () => {
    setDetails(emptyDetails);
    setSettings(defaultSettings);
    setLeft(new Set());
    setTriedContinue(false);
    setTriedMint(false);
    setImageError(null);
    setMinted(null);
    goTo(1);
  };

  const leave = (field: string) => setLeft((fields) => new Set(fields).add(field));
  const settingsShown = visible(settingsErrors(settings), left, triedMint);
  return (
    <section className="sf-card nft-wizard" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Mint an NFT</h2>
      <ol className="nft-wizard-steps">
        {steps.map((name, index) => (
          <li key={name} aria-current={step === index + 1 ? 'step' : undefined} className={step === index + 1 ? 'is-current' : undefined}>
            <span className="sf-visually-hidden">Step </span>
            {index + 1}. {name}
          </li>
        ))}
      </ol>
      {step === 3 && minted ? (
        <MintedStep nft={minted} onMintAnother={reset} headingRef={stepHeading} />
      ) : (
        <>
          <h3 className="nft-wizard-step-title" ref={stepHeading} tabIndex={-1}>
            Step {step}: {steps[step - 1]}
          </h3>
          <DetailsStep
            details={details}
            onChange={(patch) => setDetails((current) => ({ ...current, ...patch }))}
            errors={visible(detailsErrors(details), left, triedContinue)}
            onLeave={leave}
            onContinue={onContinue}
            hidden={step !== 1}
          />
          <SettingsStep
            settings={settings}
            onChange={(patch) => {
              if ('image' in patch) setImageError(null);
              setSettings((current) => ({ ...current, ...patch }));
            }}
            errors={{ ...settingsShown, ...(imageError ? { image: imageError } : {}) }}
            onBack={() => goTo(1)}
            onMint={onMint}
            busy={mint.busy}
            hidden={step !== 2}
          />
          {step === 2 && form.error && !imageError ? (
            <p className="sf-field-error" role="alert">
              {form.error}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
