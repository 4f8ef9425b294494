//! Reading a request given as a flat array of numbers (`beam_frame`, `truss_frame`): counts, then
//! fixed-size records. Every read is checked, so a malformed frame is an `InvalidModel`, never a
//! panic.

use spanwise_engine::EngineError;

/// Reads numbers from the front of a frame.
pub struct Reader<'a> {
    numbers: &'a [f64],
    at: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the frame's start.
    pub fn new(numbers: &'a [f64]) -> Self {
        Reader { numbers, at: 0 }
    }

    /// The frame must end where its counts say.
    pub fn finish(&self) -> Result<(), EngineError> {
        if self.at == self.numbers.len() {
            Ok(())
        } else {
            Err(EngineError::invalid(
                "engine input: the frame is longer than its counts say",
            ))
        }
    }

    /// The next number.
    pub fn number(&mut self) -> Result<f64, EngineError> {
        let value = self.numbers.get(self.at).copied();
        self.at += 1;
        value.ok_or_else(|| EngineError::invalid("engine input: the frame ends early"))
    }

    /// A count or index: a whole number no larger than the frame is long (or `limit`).
    pub fn whole(&mut self, what: &str, limit: usize) -> Result<usize, EngineError> {
        let value = self.number()?;
        if value >= 0.0 && value.fract() == 0.0 && value <= limit as f64 {
            Ok(value as usize)
        } else {
            Err(EngineError::invalid(format!(
                "engine input: {what} must be a whole number up to {limit} (got {value})"
            )))
        }
    }

    /// A count or an index into the frame's records.
    pub fn count(&mut self, what: &str) -> Result<usize, EngineError> {
        let limit = self.numbers.len();
        self.whole(what, limit)
    }

    /// The next two numbers.
    pub fn pair(&mut self) -> Result<[f64; 2], EngineError> {
        Ok([self.number()?, self.number()?])
    }
}
