//! arkworks' multi-core Pippenger (`VariableBaseMSM::msm`, rayon), the
//! reference every speed-up is measured against.

use ark_ec::{CurveGroup, VariableBaseMSM};

/// Σ kᵢ·Pᵢ, normalised to affine (gpukit and the other peers also return
/// affine points, so the one inversion is inside every system's timing).
pub fn msm<G: CurveGroup + VariableBaseMSM>(
    points: &[G::Affine],
    scalars: &[G::ScalarField],
) -> Result<G::Affine, String> {
    G::msm(points, scalars)
        .map(|p| p.into_affine())
        .map_err(|len| format!("arkworks: {len} points for {} scalars", scalars.len()))
}
