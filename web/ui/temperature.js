// Log-scale mapping between a 0..1000 range input and a temperature τ, snapping to exactly 1
// near the middle so "the model as trained" is easy to get back to.
import { TEMPERATURE_MIN, TEMPERATURE_MAX } from '../config.js';
import { fixed } from '../lib/format.js';

const SPAN = Math.log(TEMPERATURE_MAX / TEMPERATURE_MIN);

export function sliderToTemperature(value) {
  const tau = TEMPERATURE_MIN * Math.exp((Number(value) / 1000) * SPAN);
  return Math.abs(Math.log(tau)) < 0.04 ? 1 : Number(tau.toPrecision(3));
}

export function temperatureToSlider(tau) {
  return Math.round((Math.log(tau / TEMPERATURE_MIN) / SPAN) * 1000);
}

export function describeTemperature(tau) {
  if (tau === 1) return 'τ = 1 (as trained)';
  return `τ = ${tau >= 10 ? fixed(tau, 0) : fixed(tau, 2)}${tau > 1 ? ' (flatter)' : ' (sharper)'}`;
}
