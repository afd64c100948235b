// Log-scale mapping between a 0..1000 range input and a temperature τ, snapping to exactly 1
// near the middle so "the model as trained" is easy to get back to.
import { TEMPERATURE_MIN, TEMPERATURE_MAX } from '../config.js';
import { t, formatNumber } from '../lib/i18n.js';

const SPAN = Math.log(TEMPERATURE_MAX / TEMPERATURE_MIN);

export function sliderToTemperature(value) {
  const tau = TEMPERATURE_MIN * Math.exp((Number(value) / 1000) * SPAN);
  return Math.abs(Math.log(tau)) < 0.04 ? 1 : Number(tau.toPrecision(3));
}

export function temperatureToSlider(tau) {
  return Math.round((Math.log(tau / TEMPERATURE_MIN) / SPAN) * 1000);
}

/** The value shown beside a temperature slider, in the interface language. */
export function describeTemperature(tau) {
  if (tau === 1) return t('temperature.trained');
  const value = formatNumber(tau, tau >= 10 ? 0 : 2);
  return t(tau > 1 ? 'temperature.flatter' : 'temperature.sharper', { value });
}
