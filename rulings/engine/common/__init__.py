"""Code the RaymanTCG and Arrows engines share: JSON checks with paths, game scaffolding, deck checks."""
