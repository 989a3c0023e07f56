class PairingInputError(ValueError):
    """The pairing or standings input is malformed; the message names the player and field at fault."""
