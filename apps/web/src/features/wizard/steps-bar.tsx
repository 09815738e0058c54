import type { StepId, WizardStep } from './wizard-model';
import './steps-bar.css';

import { appScreensText } from '../../i18n/areas';
import { useText } from '../../i18n/language-context';

/**
 * The wizard's steps. A finished step shows a check (`checked`: the Payment step's
 * too while it is shown, after 'Payment Complete'). An unavailable step is announced as disabled and opening it
 * does nothing but log a warning (SPEC.md sections 2 and 8).
 */
export function StepsBar({
  steps,
  onOpen,
}: {
  steps: readonly WizardStep[];
  onOpen: (step: StepId) => void;
}) {
  const screenText = useText(appScreensText);
  const { steps: stepNames, stepStates } = screenText.wizard;
  return (
    <nav className="steps" aria-label={screenText.wizard.stepsNavigation}>
      <ol className="steps__list">
        {steps.map((step, index) => {
          const unavailable = step.state === 'unavailable';
          return (
            <li
              key={step.id}
              className={`steps__item steps__item--${step.state}${step.checked ? ' steps__item--done' : ''}`}
              data-step={step.id}
              data-state={step.state}
              data-done={step.done}
            >
              <button
                type="button"
                className="steps__button"
                aria-current={step.state === 'current' ? 'step' : undefined}
                aria-disabled={unavailable ? true : undefined}
                onClick={() => {
                  if (unavailable) {
                    // For the developer's console, not a reader: the step's id, in English.
                    console.warn(`The ${step.id} step is not available yet.`);
                    return;
                  }
                  if (step.state !== 'current') onOpen(step.id);
                }}
              >
                <span className="steps__number" aria-hidden="true">
                  {step.checked ? '✓' : index + 1}
                </span>
                <span className="steps__label">{stepNames[step.id]}</span>
              </button>
              <span className="visually-hidden">
                ({stepStates[step.state]}
                {step.state === 'current' && step.checked ? `, ${stepStates.done}` : ''})
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
