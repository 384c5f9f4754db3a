// The learners a run signs up in setup() through POST /api/auth/signup, and which of them each
// VU uses. Every VU owns its own learners, so two VUs never race for a learner's last attempt.

/** Learner `index` of run `runId`: a unique address and a valid 10-digit mobile number. */
export function newLearner(runId, index, password) {
  return { email: `k6-${runId}-${index}@example.com`, mobileNumber: String(5550000000 + index), password };
}

/** How many learners a run signs up: every VU of the test owns `perVu` of them. */
export const learnerCount = (vusInTest, perVu) => vusInTest * perVu;

/**
 * The learners of VU `vuId` (1-based, unique in the test): pool entries vuId-1, vuId-1+V,
 * vuId-1+2V … for V VUs in the test.
 */
export function learnersOfVu(pool, vuId, vusInTest) {
  const own = [];
  for (let i = vuId - 1; i < pool.length; i += vusInTest) own.push(pool[i]);
  return own;
}
